/** Resolves in a later task, after the browser has had the chance to run what waits (a tap, a frame). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
