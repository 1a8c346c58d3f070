// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsdomComputedStyle } from '../../computed-style';
import { renderApp } from '../support';

const properties = ['display', 'visibility', 'pointer-events'] as const;

/** Every element of the page whose display, visibility or pointer-events differ from jsdom's. */
function differences(): string[] {
  const jsdoms = jsdomComputedStyle(window);
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    const ours = getComputedStyle(element);
    const theirs = jsdoms(element);
    for (const property of properties) {
      const [a, b] = [ours.getPropertyValue(property), theirs.getPropertyValue(property)];
      if (a !== b) found.push(`<${element.localName}> ${property}: ${a}, jsdom ${b}`);
    }
    if (ours.display !== theirs.display || ours.visibility !== theirs.visibility)
      found.push(`<${element.localName}>: the named properties differ`);
    if (ours.pointerEvents !== theirs.pointerEvents)
      found.push(`<${element.localName}>: pointerEvents differs`);
  }
  return found;
}

describe('the tests’ getComputedStyle (tests/computed-style.ts)', () => {
  it('gives jsdom’s display, visibility and pointer-events for every rule that sets them', () => {
    document.body.innerHTML = `
      <div hidden><span>a</span></div><p hidden="until-found">u</p>
      <table><caption>c</caption><colgroup hidden><col></colgroup><thead><tr><th>h</th></tr></thead>
        <tbody><tr hidden><td>x</td></tr><tr><td style="visibility: hidden"><b>y</b></td></tr></tbody>
        <tfoot hidden><tr><td>f</td></tr></tfoot></table>
      <dialog><p>closed</p></dialog><dialog open>open</dialog><div popover>p</div>
      <details><summary>first</summary><summary>second</summary></details>
      <ul><li>l</li></ul><ol hidden><li>m</li></ol><dl><dt>t</dt><dd>d</dd></dl>
      <input type="hidden"><input type="HIDDEN" style="display: block"><input type="text" hidden>
      <button style="visibility: hidden"><b>q</b><i style="visibility: visible">r</i></button>
      <fieldset><legend>l</legend></fieldset><ruby>r<rt>t</rt></ruby><slot></slot><marquee>m</marquee>
      <p style="pointer-events: none"><i>z</i><a href="#" style="pointer-events: auto">a</a></p>
      <embed hidden><noscript>n</noscript><template><p>t</p></template>
      <span style="display: inherit">k</span><span style="display: none !important">i</span>
      <section style="display: grid"><h2 style="display: inline">s</h2></section>
      <svg><g hidden><circle /></g></svg><main><article><aside>x</aside></article></main>`;
    expect(differences()).toEqual([]);
  });

  it('gives jsdom’s on the app’s screens, a dialog open', async () => {
    await renderApp('/home', { as: 'demo' });
    const table = await screen.findByRole('table', { name: 'Investments' });
    expect(differences()).toEqual([]);
    await userEvent.click(within(table).getAllByRole('link')[0]);
    await screen.findByRole('table', { name: 'Investment statistics' });
    expect(differences()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByRole('dialog', { name: 'Buy' });
    expect(differences()).toEqual([]);
  });

  it('leaves any other property and a pseudo-element to jsdom', () => {
    document.body.innerHTML = '<p style="color: red">x</p>';
    const p = document.querySelector('p')!;
    expect(getComputedStyle(p).color).toBe(jsdomComputedStyle(window)(p).color);
    expect(getComputedStyle(p).getPropertyValue('color')).toBe('rgb(255, 0, 0)');
  });
});
