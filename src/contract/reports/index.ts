// The year report (issue 39): built from the user's records by the rules of src/domain/tax.
export { buildReport, reportableYear, BOXES, type ReportInputs, type WireReport } from './build';
export { reportCsv } from './csv';
export { KeptReports } from './kept';
