// The yardstick of the server benchmark: an Express hello-world, nothing else.
import express from "express";

const app = express();
app.get("/", (_req, res) => {
  res.json({ hello: "world" });
});
const server = app.listen(0, "127.0.0.1", () => {
  console.log(`hello-world listening on http://127.0.0.1:${server.address().port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
