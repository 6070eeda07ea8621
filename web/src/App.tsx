export function App() {
  return <h1>Pickle Garden</h1>;
}
