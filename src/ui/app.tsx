// PLACEHOLDER (lead): the UI helper replaces this.
export function App() {
  return (
    <main>
      <h1>Formue</h1>
      <button type="button">Login</button>
      <button type="button">Register</button>
    </main>
  );
}
