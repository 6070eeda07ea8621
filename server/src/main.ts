import { fileURLToPath } from "node:url";
import express from "express";

const port = Number(process.env.PORT ?? 3000);
const webDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

const app = express();
app.get("/healthz", (_req, res) => {
  res.json({ ok: true });
});
app.use(express.static(webDist));
const server = app.listen(port, () => {
  console.log(`Pickle Garden listening on http://localhost:${(server.address() as { port: number }).port}`);
});
