// Intl's formatters, made once per locale and options: making one looks the locale's data up
// each time, which was most of what formatting the figures of home's first render cost (issue 37).

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function keyOf(locale: string | undefined, options: object): string {
  return `${locale ?? ''} ${JSON.stringify(options)}`;
}

/** `new Intl.NumberFormat(locale, options)`, shared; it throws as that does (a bad currency). */
export function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, shared. */
export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
