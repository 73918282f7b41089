/**
 * Request validators compiled on first use. Fastify compiles every route's
 * body, query and parameter schemas with Ajv while the app starts; with the
 * website's forms and the API's queries that is ~100 ms before the server
 * can listen (docs/PERFORMANCE.md, start-up). This factory hands Fastify the
 * same Ajv compiler (@fastify/ajv-compiler, the same options), but each
 * validator is compiled when its route first validates a request — or
 * earlier: from a second after the server listens the app compiles the rest
 * one per turn of the event loop (`compileSome`), so a schema error still
 * shows in the log at start-up and few visitors wait for a compilation.
 * test/lib/lazy-validators.test.ts compiles every route's (`compileAll`).
 *
 * Behaviour is unchanged: the wrapper forwards Ajv's data context (Fastify
 * passes it to functions carrying `schemaEnv`, so a whole part can be
 * coerced) and exposes the compiled function's `errors` after each call.
 * Fastify lower-cases a headers schema itself only for its default
 * compiler; no route here has one.
 */
import { AjvCompiler } from "@fastify/ajv-compiler";

type BuildCompiler = ReturnType<typeof AjvCompiler>;
type RouteCompiler = ReturnType<BuildCompiler>;
type RouteDefinition = Parameters<RouteCompiler>[0];
type Validate = ReturnType<RouteCompiler>;

export type LazyValidators = {
  /** For Fastify's `schemaController.compilersFactory.buildValidator`. */
  buildValidator: BuildCompiler;
  /** Validators not compiled yet. */
  pending: () => number;
  /** Compiles up to `count` pending validators; returns how many remain. */
  compileSome: (count: number) => number;
  /** Compiles every pending validator (a schema error throws here). */
  compileAll: () => void;
};

export function createLazyValidators(): LazyValidators {
  const build = AjvCompiler();
  const pending = new Set<() => Validate>();

  const buildValidator = ((externalSchemas, options) => {
    const compileRoute = build(externalSchemas, options);
    return (route: RouteDefinition) => {
      let validate: Validate | undefined;
      const compile = (): Validate => {
        if (validate === undefined) {
          pending.delete(compile);
          validate = compileRoute(route);
        }
        return validate;
      };
      pending.add(compile);
      const lazy = ((data: unknown, context?: unknown) => {
        const real = compile();
        const result = (real as (data: unknown, context?: unknown) => unknown)(data, context);
        lazy.errors = real.errors;
        return result;
      }) as unknown as Validate;
      // Fastify hands the data context only to functions that carry this.
      (lazy as { schemaEnv: unknown }).schemaEnv = true;
      return lazy;
    };
  }) as BuildCompiler;

  const compileSome = (count: number): number => {
    for (const compile of pending) {
      if (count-- <= 0) break;
      compile();
    }
    return pending.size;
  };

  return {
    buildValidator,
    pending: () => pending.size,
    compileSome,
    compileAll: () => {
      compileSome(Number.POSITIVE_INFINITY);
    },
  };
}
