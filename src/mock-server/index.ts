// PLACEHOLDER (lead): the mock-server helper replaces this.
export function startDemoServer(): void {}
