export type Params = Readonly<Record<string, string | number>>;

/** `{name}` placeholders filled from `params`; an unknown placeholder stays as written. */
export function fill(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}
