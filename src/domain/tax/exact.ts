// Exact decimals on native BigInt with big.js's results (its defaults: a division to 20 places,
// ties away from zero) at a fraction of its cost: the average method runs over every trade of
// every year on each report (docs/benchmarks.md, "Year report").
import Big from 'big.js';

/** big.js's Big.DP: the places a division keeps. */
const DIVISION_PLACES = 20;
const TENS: bigint[] = [1n];
const ten = (power: number): bigint => {
  while (TENS.length <= power) TENS.push(TENS[TENS.length - 1] * 10n);
  return TENS[power];
};

/** `units` ÷ `by` rounded to a whole number, ties away from zero. */
function roundedQuotient(units: bigint, by: bigint): bigint {
  const quotient = units / by;
  const rest = units % by;
  if ((rest < 0n ? -rest : rest) * 2n < (by < 0n ? -by : by)) return quotient;
  return units < 0n !== by < 0n ? quotient - 1n : quotient + 1n;
}

/** A decimal: `units` ÷ 10^`scale` (scale ≥ 0). */
export class Exact {
  private constructor(
    private readonly units: bigint,
    private readonly scale: number,
  ) {}

  static readonly ZERO = new Exact(0n, 0);

  /** A number as big.js reads it: its shortest decimal text, exactly. */
  static of(value: number | string): Exact {
    if (typeof value === 'number' && Number.isSafeInteger(value))
      return value === 0 ? Exact.ZERO : new Exact(BigInt(value), 0);
    const text = typeof value === 'number' ? String(value) : value;
    const [mantissa, exponent = '0'] = text.toLowerCase().split('e');
    const point = mantissa.indexOf('.');
    const digits = point < 0 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
    const scale = (point < 0 ? 0 : mantissa.length - point - 1) - Number(exponent);
    const units = BigInt(digits);
    return scale >= 0 ? new Exact(units, scale) : new Exact(units * ten(-scale), 0);
  }

  private at(scale: number): bigint {
    return this.units * ten(scale - this.scale);
  }

  plus(other: Exact | number): Exact {
    const b = typeof other === 'number' ? Exact.of(other) : other;
    const scale = Math.max(this.scale, b.scale);
    return new Exact(this.at(scale) + b.at(scale), scale);
  }

  minus(other: Exact | number): Exact {
    const b = typeof other === 'number' ? Exact.of(other) : other;
    const scale = Math.max(this.scale, b.scale);
    return new Exact(this.at(scale) - b.at(scale), scale);
  }

  times(other: Exact | number): Exact {
    const b = typeof other === 'number' ? Exact.of(other) : other;
    return new Exact(this.units * b.units, this.scale + b.scale);
  }

  /** This ÷ `by` to 20 places, as big.js's `div`. */
  div(by: Exact): Exact {
    // this/by × 10^20 = this.units × 10^(by.scale + 20 − this.scale) ÷ by.units
    const shift = by.scale + DIVISION_PLACES - this.scale;
    const units =
      shift >= 0
        ? roundedQuotient(this.units * ten(shift), by.units)
        : roundedQuotient(this.units, by.units * ten(-shift));
    return new Exact(units, DIVISION_PLACES);
  }

  cmp(other: Exact | number): number {
    const difference = this.minus(other).units;
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  }

  lt(other: Exact | number): boolean {
    return this.cmp(other) < 0;
  }

  gt(other: Exact | number): boolean {
    return this.cmp(other) > 0;
  }

  /** Rounded to `places`, ties away from zero, as big.js's `toFixed`. */
  toFixed(places: number): string {
    if (this.scale <= places) return new Exact(this.at(places), places).text();
    const units = roundedQuotient(this.units, ten(this.scale - places));
    const text = new Exact(units, places).text();
    // big.js keeps the sign of a negative amount that rounds to nothing: -0.001 → "-0.00".
    return units === 0n && this.units < 0n ? `-${text}` : text;
  }

  private text(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, '0');
    const whole = digits.slice(0, digits.length - this.scale);
    const text = this.scale > 0 ? `${whole}.${digits.slice(digits.length - this.scale)}` : whole;
    return negative ? `-${text}` : text;
  }

  /** As big.js writes the same value. */
  toString(): string {
    return this.toBig().toString();
  }

  toBig(): Big {
    return new Big(this.text());
  }
}
