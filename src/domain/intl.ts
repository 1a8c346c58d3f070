// Intl's formatters, made once per locale and options: making one looks the locale's data up
// each time, which was most of what formatting the figures of home's first render cost (issue 37).

/** `make`, remembered by its arguments; what it throws (a bad currency) is thrown again. */
function shared<Options extends object, Format>(
  make: (locale: string | undefined, options: Options | undefined) => Format,
): (locale: string | undefined, options?: Options) => Format {
  const made = new Map<string, Format>();
  return (locale, options) => {
    const key = JSON.stringify([locale, options]);
    let format = made.get(key);
    if (format === undefined) made.set(key, (format = make(locale, options)));
    return format;
  };
}

/** `new Intl.NumberFormat(locale, options)`, shared. */
export const numberFormat = shared(
  (locale, options: Intl.NumberFormatOptions | undefined) => new Intl.NumberFormat(locale, options),
);

/** `new Intl.DateTimeFormat(locale, options)`, shared. */
export const dateTimeFormat = shared(
  (locale, options: Intl.DateTimeFormatOptions | undefined) =>
    new Intl.DateTimeFormat(locale, options),
);
