import { createContext, useContext } from 'react';

// True while the Node server renders a page's first paint (src/first-paint.tsx): no layout to
// measure there, so a part that measures itself draws at a size the stylesheet scales instead.
const FirstPaintContext = createContext(false);

export const FirstPaintProvider = FirstPaintContext.Provider;

export function useFirstPaint(): boolean {
  return useContext(FirstPaintContext);
}

/**
 * On the page's `<html>`, the language of the demo's first paint its first-code script chose to
 * show (scripts/vite/first-code.ts, keepDemoFirstFigures); base.css shows that paint and hides
 * the others.
 */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';
