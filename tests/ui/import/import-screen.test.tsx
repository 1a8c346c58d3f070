// @vitest-environment jsdom
// The /import screen against the Mirage test server, with the parsers in this thread (jsdom has
// no Web Worker). Reading a real file in jsdom is left to the browser test: jsdom's Blob reads bytes
// made in Node's realm as text.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { renderApp } from '../support';

// Node's File: jsdom's own reads bytes made in Node's realm as text.
const file = (bytes: Uint8Array | string, name = 'transaktioner.csv') =>
  new NodeFile([bytes], name) as unknown as File;

async function chooseFile(chosen: File) {
  const input = await screen.findByLabelText('File');
  await userEvent.upload(input, chosen);
}

describe('/import', () => {
  it('refuses an empty file, and one too large before reading it, saying the limit', async () => {
    await renderApp('/import', { as: 'demo' });
    await chooseFile(file(''));
    expect((await screen.findByText('The file is empty.')).getAttribute('role')).toBe('alert');
    const large = file('x');
    Object.defineProperty(large, 'size', { value: 50 * 1024 * 1024 });
    await chooseFile(large);
    const refused = await screen.findByText(
      'The file is 50 MB. Files up to 20 MB can be imported.',
    );
    expect(refused.getAttribute('role')).toBe('alert');
  });

  it('an unknown file asks which column holds what before it is read', async () => {
    const user = userEvent.setup();
    await renderApp('/import', { as: 'demo' });
    await chooseFile(file('Dag;Hvad;Papir\n2024-03-04;Handel;Novo Nordisk B\n', 'bank.csv'));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Match the columns' })).toBeTruthy();
    const type = screen.getByLabelText('Transaction type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not in the file', 'Dag', 'Hvad', 'Papir']);
    await user.selectOptions(type, 'Hvad');
    expect(type).toHaveProperty('value', 'Hvad');
  });

  it('is in Danish when Danish is chosen', async () => {
    await renderApp('/import', { as: 'demo', storage: new Map([['language', 'da']]) });
    expect(await screen.findByLabelText('Fil')).toBeTruthy();
  });

  it('is linked from Profile', async () => {
    await renderApp('/profile', { as: 'demo' });
    const link = await screen.findByRole('link', { name: 'Import a file' });
    expect(link.getAttribute('href')).toBe('/import');
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });
});
