// deploy/make-certificates.sh, the database machines' certificate authority: what it makes, the keys'
// modes, the names each certificate vouches for and what it is good for, and what a second run keeps.
// The failover test runs the cluster on its certificates; this checks the script's own promises.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const script = path.resolve(import.meta.dirname, "../deploy/make-certificates.sh");
const folder = mkdtempSync(path.join(tmpdir(), "make-certificates-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function make(...args: string[]) {
  const run = spawnSync("sh", [script, ...args], { encoding: "utf8" });
  return { status: run.status, out: run.stdout + run.stderr };
}

function openssl(...args: string[]) {
  const run = spawnSync("openssl", args, { encoding: "utf8" });
  return { status: run.status, out: run.stdout + run.stderr };
}

const file = (name: string) => path.join(folder, name);
const mode = (name: string) => statSync(file(name)).mode & 0o777;
const serial = (name: string) => openssl("x509", "-in", file(name), "-noout", "-serial").out.trim();

describe("deploy/make-certificates.sh", () => {
  it("refuses to make a machine's certificate before the authority", () => {
    const run = make(folder, "server", "db1", "10.0.0.11");
    expect(run.status).toBe(1);
    expect(run.out).toContain("make it first");
  });

  it("makes the authority and each machine's EC key, private, and certificate, naming what it was given", () => {
    expect(make(folder, "ca").status).toBe(0);
    expect(make(folder, "server", "db1", "10.0.0.11", "127.0.0.1", "etcd-member").status).toBe(0);
    expect(make(folder, "client", "app1").status).toBe(0);
    for (const key of ["ca.key", "db1.key", "app1.key", "app1.pem"]) expect(mode(key), key).toBe(0o600);
    for (const certificate of ["ca.crt", "db1.crt", "app1.crt"]) expect(mode(certificate)).toBe(0o644);
    expect(openssl("pkey", "-in", file("db1.key"), "-noout", "-text").out).toContain("P-256");

    const db1 = openssl("x509", "-in", file("db1.crt"), "-noout", "-subject", "-ext", "subjectAltName").out;
    // No Common Name (etcd's gateway refuses a client certificate with one), only the names given.
    expect(db1).toMatch(/^subject=\s*$/m);
    expect(db1).toContain("DNS:db1, IP Address:10.0.0.11, IP Address:127.0.0.1, DNS:etcd-member");
    expect(openssl("verify", "-CAfile", file("ca.crt"), file("db1.crt")).status).toBe(0);
    // HAProxy's file: the certificate and its key together.
    expect(readFileSync(file("app1.pem"), "utf8")).toBe(
      readFileSync(file("app1.crt"), "utf8") + readFileSync(file("app1.key"), "utf8"),
    );
  });

  it("makes a database machine's certificate good for both ends, an app machine's only for connecting", () => {
    const asServer = (name: string) =>
      openssl("verify", "-purpose", "sslserver", "-CAfile", file("ca.crt"), file(`${name}.crt`)).status;
    const asClient = (name: string) =>
      openssl("verify", "-purpose", "sslclient", "-CAfile", file("ca.crt"), file(`${name}.crt`)).status;
    expect([asServer("db1"), asClient("db1")]).toEqual([0, 0]);
    // An app machine can never pass for a database machine.
    expect([asServer("app1"), asClient("app1")]).toEqual([2, 0]);
  });

  it("keeps what is still good when run again, and makes anew with --renew or other names", () => {
    const before = serial("db1.crt");
    expect(make(folder, "server", "db1", "10.0.0.11", "127.0.0.1", "etcd-member").out).toContain("Kept");
    expect(serial("db1.crt")).toBe(before);
    expect(make(folder, "server", "db1", "10.0.0.12", "127.0.0.1", "etcd-member").out).toContain("Made");
    expect(serial("db1.crt")).not.toBe(before);
    const key = readFileSync(file("db1.key"), "utf8");
    expect(make("--renew", folder, "server", "db1", "10.0.0.12", "127.0.0.1", "etcd-member").status).toBe(0);
    expect(readFileSync(file("db1.key"), "utf8")).not.toBe(key);
  });

  it("renews the authority from the same key, so every certificate it signed stays valid", () => {
    const before = serial("ca.crt");
    expect(make(folder, "ca").out).toContain("Kept");
    expect(make("--renew", folder, "ca").out).toContain("Renewed");
    expect(serial("ca.crt")).not.toBe(before);
    expect(openssl("verify", "-CAfile", file("ca.crt"), file("db1.crt"), file("app1.crt")).status).toBe(0);
  });

  it("refuses a name that is not a plain host name", () => {
    for (const name of ["a b", "-x", "ca", "db1/../etc"]) {
      const run = make(folder, "server", name);
      expect(run.status, name).toBe(2);
    }
  });
});
