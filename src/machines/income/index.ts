export { incomeMachine, type IncomeEvent, type IncomeInput } from './income.machine';
