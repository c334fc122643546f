/**
 * Schema compilers that compile a route's check or serializer when the route first needs it, not
 * while the app starts: compiling every request and response schema of every route up front was
 * most of the time `npm start` took to listen, for routes a process may never serve. A schema that
 * does not compile then fails its route's first request instead of the start;
 * test/structure/route-schemas-compile.test.ts compiles them all so that never reaches a user.
 */

/** A compiled validator (Ajv's `errors` after a failed call) or serializer. */
type Compiled = ((input: unknown) => unknown) & { errors?: unknown };

/** Fastify's compiler factories: (schemas the scope added, options) → (route schema) → compiled function. */
type CompilerFactory = (...factoryArgs: never[]) => (routeSchema: never) => Compiled;

/** Compiles still pending, kept only while a test tracks them (kept always, they would hold every app's schemas). */
let pending: Set<() => unknown> | undefined;

export function compiledOnFirstUse(compile: () => Compiled): Compiled {
  let compiled: Compiled | undefined;
  const force = () => (compiled ??= compile());
  pending?.add(force);
  const lazy: Compiled = (input) => {
    const target = compiled ?? force();
    const result = target(input);
    // Fastify reads a failed validation's findings from the function it was given.
    lazy.errors = target.errors;
    return result;
  };
  return lazy;
}

/**
 * Wraps a compiler factory so that each route's function is compiled on its first call. The factory
 * itself runs then too: Fastify calls it for every plugin scope that adds schemas, and ours adds the
 * scope's shared schemas to Ajv, which checks each against the meta-schema (a third of building the app).
 */
export function compilingOnFirstUse<F extends CompilerFactory>(factory: F): F {
  return ((...factoryArgs: Parameters<F>) => {
    let compiler: ReturnType<F> | undefined;
    return (routeSchema: never) => compiledOnFirstUse(() => (compiler ??= factory(...factoryArgs) as ReturnType<F>)(routeSchema));
  }) as F;
}

/** From now on, remember the compiles of the apps built (a test calls this before buildApp). */
export function trackPendingCompiles(): void {
  pending = new Set();
}

/** Compiles every route function remembered since trackPendingCompiles; throws the first compile error. */
export function compileAllPending(): number {
  const all = [...(pending ?? [])];
  pending = undefined;
  for (const force of all) force();
  return all.length;
}
