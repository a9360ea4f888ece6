/**
 * The workspace's pages while the database is switching over: a loader or action whose service call
 * failed because no primary answers (see isUnavailable) gets a 503 with Retry-After, which the
 * workspace's error page shows as "switching over", instead of a 500 and a generic error page.
 */
import { switchingOver } from "#core/staff/switching-over.ts";
import { isUnavailable } from "../db/database.ts";

/** The answer a page's loader or action throws while the database is unavailable. */
export function switchingOverResponse(): Response {
  return new Response(switchingOver.text, {
    status: switchingOver.status,
    headers: {
      "Retry-After": String(switchingOver.retryAfterSeconds),
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}

function rethrown(error: unknown): never {
  throw isUnavailable(error) ? switchingOverResponse() : error;
}

const guardedCache = new WeakMap<object, object>();

/**
 * The same services, each of whose methods (nested ones too, such as the inbox's) throws
 * switchingOverResponse() instead of a database-unavailable error. One wrapper at the composition root
 * rather than a try/catch in each of the workspace's many loaders and actions; everything else a method
 * does or throws is unchanged.
 */
export function answeringWhileSwitchingOver<T extends object>(services: T): T {
  const known = guardedCache.get(services);
  if (known) return known as T;
  const guarded = new Proxy(services, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value === "function") {
        return (...args: unknown[]) => {
          let result: unknown;
          try {
            result = Reflect.apply(value, target, args);
          } catch (error) {
            rethrown(error);
          }
          return result instanceof Promise ? result.catch(rethrown) : result;
        };
      }
      if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
        return answeringWhileSwitchingOver(value);
      }
      return value;
    },
  });
  guardedCache.set(services, guarded);
  return guarded;
}
