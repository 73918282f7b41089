/**
 * GeoJSON (RFC 7946) of the jurisdictions: outlines from us-atlas's
 * unprojected `states-10m.json` (the same source as the website's map, in
 * WGS 84 longitude/latitude), matched to records by FIPS code. Each
 * geometry is serialized once, with coordinates rounded to 4 decimals
 * (about 11 m), and reused by every response.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Feature, Geometry, Position } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

export const GEOJSON_MEDIA_TYPE = "application/geo+json";

type Topo = Topology<{ states: GeometryCollection<{ name: string }> }>;

function roundPosition(position: Position): Position {
  return position.map((value) => Math.round(value * 1e4) / 1e4);
}

function roundGeometry(geometry: Geometry): Geometry {
  if (geometry.type === "Polygon") {
    return {
      type: "Polygon",
      coordinates: geometry.coordinates.map((ring) => ring.map(roundPosition)),
    };
  }
  if (geometry.type === "MultiPolygon") {
    return {
      type: "MultiPolygon",
      coordinates: geometry.coordinates.map((polygon) =>
        polygon.map((ring) => ring.map(roundPosition)),
      ),
    };
  }
  throw new Error(`us-atlas geometry of type ${geometry.type} is not an outline`);
}

/** FIPS code → the serialized geometry. */
export function loadGeometriesByFips(): ReadonlyMap<string, string> {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(
    readFileSync(require.resolve("us-atlas/states-10m.json"), "utf8"),
  ) as Topo;
  const features = feature(topology, topology.objects.states).features as Feature<Geometry>[];
  const byFips = new Map<string, string>();
  for (const shape of features) {
    byFips.set(String(shape.id), JSON.stringify(roundGeometry(shape.geometry)));
  }
  return byFips;
}

type Flat = Record<string, unknown>;

/** The default properties: flat values a GIS tool can style and filter by. */
export function flatProperties(record: {
  code?: unknown;
  name?: unknown;
  fips?: unknown;
  type?: unknown;
  status?: unknown;
  decriminalized?: unknown;
  adult_use?: { legal?: unknown; effective?: unknown; sales_began?: unknown };
  medical?: { legal?: unknown; program?: unknown; effective?: unknown };
  last_reviewed?: unknown;
}): Flat {
  return {
    code: record.code,
    name: record.name,
    fips: record.fips,
    type: record.type,
    status: record.status,
    decriminalized: record.decriminalized,
    adult_use_legal: record.adult_use?.legal ?? null,
    adult_use_effective: record.adult_use?.effective ?? null,
    adult_use_sales_began: record.adult_use?.sales_began ?? null,
    medical_legal: record.medical?.legal ?? null,
    medical_program: record.medical?.program ?? null,
    medical_effective: record.medical?.effective ?? null,
    last_reviewed: record.last_reviewed,
  };
}

/** A FeatureCollection body; `meta` travels as a foreign member. */
export function featureCollectionJson(
  features: readonly { code: string; geometryJson: string; properties: Flat }[],
  meta: Flat,
): string {
  const items = features.map(
    (item) =>
      `{"type":"Feature","id":${JSON.stringify(item.code)},"geometry":${item.geometryJson},"properties":${JSON.stringify(item.properties)}}`,
  );
  return `{"type":"FeatureCollection","features":[${items.join(",")}],"meta":${JSON.stringify(meta)}}`;
}
