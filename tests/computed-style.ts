// jsdom's getComputedStyle, with the three properties that Testing Library, dom-accessibility-api
// and user-event read (display, visibility, pointer-events) taken from the few rules that declare
// them. jsdom matches every rule of its default stylesheet against an element, and forgets every
// element's style at any change to the page, so the role queries that findBy and waitFor repeat
// spent about a fifth of a component file's CPU there (unit13, docs/benchmarks.md). The answer is
// jsdom's own cascade restricted to those properties: the same rules in the same order, matched by
// jsdom's selector engine, weighed by the specificity library jsdom uses, then the inline style;
// anything else (another property, a pseudo-element, a page with a stylesheet of its own, a CSS-wide
// keyword) is jsdom's. computed-style.test.tsx compares the two on every element of the screens,
// and FORMUE_CHECK_COMPUTED_STYLE=1 compares them on every call of a whole run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type Property = 'display' | 'visibility' | 'pointer-events';

const definitions: Record<Property, { inherited: boolean; initial: string }> = {
  display: { inherited: false, initial: 'inline' },
  visibility: { inherited: true, initial: 'visible' },
  'pointer-events': { inherited: true, initial: 'auto' },
};
const camelCase: Record<string, Property> = {
  display: 'display',
  visibility: 'visibility',
  pointerEvents: 'pointer-events',
};
const globalKeywords = new Set(['initial', 'inherit', 'unset', 'revert', 'revert-layer']);

interface SpecificityValue {
  a: number;
  b: number;
  c: number;
}
interface SpecificityLibrary {
  calculate(selector: string): Array<{ value: SpecificityValue }>;
  max(...specificities: Array<{ value: SpecificityValue }>): { value: SpecificityValue };
  compare(a: SpecificityValue, b: SpecificityValue): number;
}

interface Rule {
  selector: string;
  /** Elements the rule can match: by tag or attribute; undefined when any element may match. */
  subjects: Array<{ tag?: string; attribute?: string }> | undefined;
  /** Inside an @media rule: such elements get jsdom's answer. */
  conditional: boolean;
  specificity: SpecificityValue;
  declarations: Array<{ property: Property; value: string; important: boolean }>;
}

const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
// jsdom's own copy, so that the weights are those its cascade uses.
const Specificity = (jsdomRequire('@bramus/specificity') as { default: SpecificityLibrary })
  .default;

/** The positions of `selector`'s characters outside parentheses and brackets. */
function* topLevel(selector: string): Generator<number> {
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0) yield i;
  }
}

/** Splits at the commas outside parentheses: `a:is(b, c), d` is `a:is(b, c)` and `d`. */
function splitList(selector: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const i of topLevel(selector))
    if (selector[i] === ',') {
      parts.push(selector.slice(start, i).trim());
      start = i + 1;
    }
  parts.push(selector.slice(start).trim());
  return parts;
}

/** What the last compound of a selector requires of the element, if it starts with a tag or an attribute. */
function subjectOf(selector: string): { tag?: string; attribute?: string } | undefined {
  let start = 0;
  for (const i of topLevel(selector)) if (/[\s>+~]/.test(selector[i])) start = i + 1;
  const last = selector.slice(start);
  const tag = /^[a-z][a-z0-9-]*/i.exec(last);
  if (tag) return { tag: tag[0].toLowerCase() };
  const attribute = /^\[\s*([a-z][a-z0-9-]*)/i.exec(last);
  if (attribute) return { attribute: attribute[1].toLowerCase() };
  return undefined;
}

function readRules(window: Window & typeof globalThis): Rule[] {
  const css = readFileSync(
    join(dirname(jsdomRequire.resolve('jsdom')), 'jsdom/browser/default-stylesheet.css'),
    'utf8',
  );
  // A sheet of no document's, so the page's document.styleSheets stays empty.
  const sheet = new window.CSSStyleSheet();
  sheet.replaceSync(css);
  const rules: Rule[] = [];
  const isStyleRule = (rule: CSSRule): rule is CSSStyleRule => rule instanceof window.CSSStyleRule;
  const visit = (list: CSSRuleList, conditional: boolean) => {
    for (const rule of Array.from(list)) {
      if (rule instanceof window.CSSMediaRule || rule instanceof window.CSSImportRule) {
        if (rule instanceof window.CSSMediaRule) visit(rule.cssRules, true);
        else throw new Error('computed-style.ts: jsdom’s default stylesheet imports another');
        continue;
      }
      if (!isStyleRule(rule)) continue;
      const declarations: Rule['declarations'] = [];
      for (let i = 0; i < rule.style.length; i++) {
        const property = rule.style.item(i);
        if (property in definitions)
          declarations.push({
            property: property as Property,
            value: rule.style.getPropertyValue(property),
            important: rule.style.getPropertyPriority(property) !== '',
          });
      }
      if (declarations.length === 0) continue;
      const selectors = splitList(rule.selectorText);
      // jsdom's computed style never matches a pseudo-element (`:popover-open::backdrop`).
      if (selectors.every((selector) => selector.includes('::'))) continue;
      const subjects = selectors.map(subjectOf);
      rules.push({
        selector: rule.selectorText,
        subjects: subjects.every(Boolean)
          ? (subjects as Array<{ tag?: string; attribute?: string }>)
          : undefined,
        conditional,
        specificity: Specificity.max(...Specificity.calculate(rule.selectorText)).value,
        declarations,
      });
    }
  };
  visit(sheet.cssRules, false);
  return rules;
}

function mightMatch(rule: Rule, element: Element): boolean {
  if (!rule.subjects) return true;
  const tag = element.localName.toLowerCase();
  return rule.subjects.some((subject) =>
    subject.tag ? subject.tag === tag : element.hasAttribute(subject.attribute ?? ''),
  );
}

class NotOurs extends Error {}

/** The element's declared value of `property` (before inheritance), as jsdom's cascade sets it. */
function declared(rules: Rule[], element: Element, property: Property): string {
  let value = '';
  let important = false;
  let specificity: SpecificityValue | undefined;
  for (const rule of rules) {
    if (!rule.declarations.some((declaration) => declaration.property === property)) continue;
    if (!mightMatch(rule, element)) continue;
    if (rule.conditional) throw new NotOurs();
    if (!element.matches(rule.selector)) continue;
    for (const declaration of rule.declarations) {
      if (declaration.property !== property) continue;
      // jsdom's handleProperty: !important always wins over what came before; otherwise the same
      // or a higher specificity than the last one set.
      if (declaration.important) {
        value = declaration.value;
        important = true;
      } else if (!important) {
        if (!specificity || Specificity.compare(rule.specificity, specificity) >= 0) {
          specificity = rule.specificity;
          value = declaration.value;
        }
      }
    }
  }
  const inline = (element as HTMLElement).style as CSSStyleDeclaration | undefined;
  const inlineValue = inline?.getPropertyValue(property) ?? '';
  if (inline && inlineValue !== '') {
    const inlineImportant = inline.getPropertyPriority(property) !== '';
    if (!important || inlineImportant) value = inlineValue;
  }
  if (globalKeywords.has(value.toLowerCase())) throw new NotOurs();
  return value;
}

function resolved(rules: Rule[], element: Element, property: Property): string {
  const { inherited, initial } = definitions[property];
  const own = declared(rules, element, property);
  if (own !== '') return own;
  const parent = element.parentElement;
  if (!inherited || !parent) return initial;
  return resolved(rules, parent, property);
}

const jsdomStyles = new WeakMap<Window, Window['getComputedStyle']>();

/** jsdom's own getComputedStyle of a window where installComputedStyle replaced it. */
export function jsdomComputedStyle(window: Window): Window['getComputedStyle'] {
  const style = jsdomStyles.get(window);
  if (!style) throw new Error('computed-style.ts: not installed in this window');
  return style;
}

/** Replaces `window.getComputedStyle`; once per window (the files of a worker share it). */
export function installComputedStyle(window: Window & typeof globalThis): void {
  if (jsdomStyles.has(window)) return;
  const jsdomStyle = window.getComputedStyle.bind(window);
  jsdomStyles.set(window, jsdomStyle);
  const rules = readRules(window);
  const check = process.env.FORMUE_CHECK_COMPUTED_STYLE === '1';

  function getComputedStyle(element: Element, pseudoElement?: string | null): CSSStyleDeclaration {
    if (
      (pseudoElement !== undefined && pseudoElement !== null && pseudoElement !== '') ||
      !(element instanceof window.Element) ||
      element.ownerDocument.styleSheets.length > 0
    )
      return jsdomStyle(element, pseudoElement);
    let jsdomDeclaration: CSSStyleDeclaration | undefined;
    const jsdoms = () => (jsdomDeclaration ??= jsdomStyle(element));
    const value = (property: Property): string => {
      let ours: string;
      try {
        ours = resolved(rules, element, property);
      } catch (error) {
        if (error instanceof NotOurs) return jsdoms().getPropertyValue(property);
        throw error;
      }
      if (check) {
        const theirs = jsdoms().getPropertyValue(property);
        if (theirs !== ours)
          throw new Error(
            `computed-style.ts: ${property} of <${element.localName}> is ${ours}, jsdom says ${theirs}: ${element.outerHTML.slice(0, 300)}`,
          );
      }
      return ours;
    };
    const target = Object.create(window.CSSStyleDeclaration.prototype) as CSSStyleDeclaration;
    return new Proxy(target, {
      get(_, key) {
        if (typeof key === 'string' && key in camelCase) return value(camelCase[key]);
        if (key === 'getPropertyValue')
          return (property: string) =>
            property in definitions
              ? value(property as Property)
              : jsdoms().getPropertyValue(property);
        const declaration = jsdoms();
        const member: unknown = Reflect.get(declaration, key, declaration);
        return typeof member === 'function'
          ? (member as (...args: unknown[]) => unknown).bind(declaration)
          : member;
      },
      has: (_, key) => Reflect.has(jsdoms(), key),
      ownKeys: () => Reflect.ownKeys(jsdoms()),
      getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(jsdoms(), key),
    });
  }
  window.getComputedStyle = getComputedStyle;
}
