import type { Plugin } from "vite";

/**
 * Zod's classic schemas hang JSON Schema conversion on every schema (a processor per type and the
 * `toJSONSchema` / `~standard.jsonSchema` methods), so its two JSON Schema modules stay in any bundle that
 * builds a schema, whatever tree-shaking does: about 6 kB gzip of the shell's first load. The web only
 * parses with its schemas, so in a build this plugin serves those modules as stand-ins with the same
 * exports, each of which throws if called (the factories return such a function).
 */
const JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const STUB = "\0zod-without-json-schema:";
const FACTORIES = new Set(["createToJSONSchemaMethod", "createStandardJSONSchemaMethod"]);

async function stubModule(file: string): Promise<string> {
  const names = Object.keys(await import(file));
  const exports = names.map((name) =>
    FACTORIES.has(name) ? `export const ${name} = () => unavailable;` : `export const ${name} = unavailable;`,
  );
  return [
    'function unavailable() { throw new Error("Zod\'s JSON Schema conversion is not part of the web build"); }',
    ...exports,
  ].join("\n");
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: "pickle-garden:zod-without-json-schema",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!/json-schema/.test(source) || !importer?.includes("zod")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && JSON_SCHEMA_MODULES.test(resolved.id) ? `${STUB}${resolved.id}` : null;
    },
    load(id) {
      return id.startsWith(STUB) ? stubModule(id.slice(STUB.length)) : null;
    },
  };
}
