import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";

describe("parseEnv", () => {
  it("defaults to http://localhost:3000 in development", () => {
    expect(parseEnv({})).toMatchObject({ PORT: 3000, HOST: "localhost", NODE_ENV: "development" });
  });

  it("reads PORT and HOST", () => {
    expect(parseEnv({ PORT: "8080", HOST: "0.0.0.0" })).toMatchObject({ PORT: 8080, HOST: "0.0.0.0" });
  });

  it("trusts a proxy only when told to", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe("0");
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe("1");
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });

  it("names every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "eighty", LOG_LEVEL: "loud" })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
