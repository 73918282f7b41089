/**
 * GeoJSON (RFC 7946) of the jurisdictions: outlines from us-atlas's
 * unprojected `states-10m.json` (the same source as the website's map, in
 * WGS 84 longitude/latitude), matched to records by FIPS code. Each
 * geometry is serialized once, with coordinates rounded to 4 decimals
 * (about 11 m), and reused by every response. Properties are the flat
 * columns of src/dataset/dataset.columns.ts.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Feature, Geometry, Position } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { columnsFor, type FlatValue } from "../dataset/dataset.columns.ts";
import type { JurisdictionOnDay } from "../dataset/dataset.schema.ts";

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

/**
 * A feature's properties: the columns of a release's `jurisdictions.csv`,
 * with the same names and values (numbers, booleans and null kept as
 * such), narrowed by `fields` to the columns derived from those top-level
 * fields, and `code`.
 */
export function flatProperties(
  record: JurisdictionOnDay,
  fields: readonly string[] | null,
): Record<string, FlatValue> {
  const properties: Record<string, FlatValue> = {};
  for (const column of columnsFor(fields)) properties[column.name] = column.read(record);
  return properties;
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
