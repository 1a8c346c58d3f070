// The name rule, once for the contract and the forms: the domain's verdict, and the message the
// forms show under the field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NAME, nameProblem } from '../../../src/domain/rules/names';
import { nameRule, RULE_MESSAGES } from '../../../src/machines/forms/form-rules';

describe('nameProblem', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['\t\n', 'required'],
    ['\u200B', 'required'],
    ['\u200B\u200C\u200D', 'required'],
    ['\uFEFF', 'required'],
    [' \u2060\u200E\u00AD ', 'required'],
    ['\u0000', 'control'],
    ['Pen\u0000sion', 'control'],
    ['Two\nlines', 'control'],
    ['Bell\u0007', 'control'],
    ['Del\u007F', 'control'],
  ])('finds %j %s', (name, problem) => {
    expect(nameProblem(name)).toBe(problem);
  });

  it('counts characters, not UTF-16 units: 255 emoji pass, 256 do not', () => {
    expect(nameProblem('📈'.repeat(MAX_NAME))).toBeUndefined();
    expect(nameProblem('📈'.repeat(MAX_NAME + 1))).toBe('tooLong');
    // 256 characters, 255 once the leading space is trimmed.
    expect(nameProblem(' x'.repeat(128))).toBeUndefined();
  });

  it.each(['Pension', '  Pension  ', '\u200BPension', 'Ørsted & Co.', '👩‍👩‍👧 savings'])(
    'takes %j',
    (name) => {
      expect(nameProblem(name)).toBeUndefined();
    },
  );

  it('takes any name of visible letters and digits up to the limit', () => {
    const visible = fc.string({
      unit: fc.constantFrom(...'abcæøåXYZ019 -'),
      minLength: 1,
      maxLength: MAX_NAME,
    });
    fc.assert(
      fc.property(
        visible.filter((s) => /\S/.test(s)),
        (name) => {
          expect(nameProblem(name)).toBeUndefined();
        },
      ),
    );
  });
});

describe('nameRule (the forms)', () => {
  it.each([
    ['\u200B', RULE_MESSAGES.required],
    ['A\u0000B', 'Must not contain control characters.'],
    ['Pension', undefined],
  ])('says %j: %s', (name, message) => {
    expect(nameRule(name)).toBe(message);
  });

  it('says a name over 255 characters is too long', () => {
    expect(nameRule('x'.repeat(MAX_NAME + 1))).toBe('Must be at most 255 characters.');
  });
});
