// What the rest of the UI takes of the tax year: an investment's tax class section. The report
// screen itself is loaded lazily by the routes table (src/ui/app/app.tsx).
export { TaxClassSection } from './tax-class-section';
