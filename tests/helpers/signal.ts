/** A promise and the function that fulfils it: a test holds a call or a step until it says so. */
export function signal(): { readonly done: Promise<void>; readonly resolve: () => void } {
  let resolve: () => void = () => undefined;
  const done = new Promise<void>((fulfil) => {
    resolve = fulfil;
  });
  return { done, resolve };
}
