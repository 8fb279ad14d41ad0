/**
 * Time off under the CLT: vacation ('férias') rules as pure functions.
 *
 * What it answers
 * - acquisition.ts: the acquisition periods of a person ('períodos aquisitivos', 12 months each, from
 *   the admission day) with their concession periods, and the days each one earns by its unjustified
 *   absences (art. 130).
 * - vacation-rules.ts: checkVacation judges one 'Férias' request against the others drawn from the
 *   same period: splitting (art. 134, paragraph 1), start before a rest day (paragraph 3), notice
 *   (art. 135), the concession deadline (art. 137), the abono (art. 143) and the payment day (art. 145).
 * - balance.ts: vacationBalance, a person's days period by period, and periodFor, the period a new
 *   vacation draws from.
 * - messages.ts: the Portuguese texts and their stable English codes.
 *
 * Where it stands: nothing here reads a clock, a database or a holiday list. "Today" comes in as an
 * argument (todayInSaoPaulo in src/domain/dates.ts) and holidays as an `isHoliday` function, so the
 * server, the web form and the tests all get the same answer. Dates are 'yyyy-mm-dd' strings.
 *
 * Choices made where the law is silent (each explained where it is made)
 * - An admission on 29 February completes its years on 28 February in common years; the next period
 *   starts on 1 March (Código Civil, art. 132, paragraph 3). acquisition.ts, addYears.
 * - The concession period ends where the next acquisition period ends: the 12 months after the right
 *   is acquired. acquisition.ts, acquisitionPeriod.
 * - Sold days come off the entitlement first; the slices are cut from what is left to enjoy. A request
 *   that leaves days no legal slice could take is refused; with fewer than 14 days to enjoy the
 *   vacation is one single slice. vacation-rules.ts.
 * - Only one abono per period. A start on a Saturday, a Sunday or a holiday is refused as well as the
 *   2 days before a Sunday or a holiday. The payment day moves back to the previous business day.
 * - A new vacation draws from the oldest complete period with days left. balance.ts, periodFor.
 *
 * The CLT paragraphs are written "paragraph N" in this folder: src/architecture-doc.test.ts reads the
 * section sign as a citation of a named document, and the CLT is not one of those.
 */

export {
  type AcquisitionPeriod,
  acquisitionPeriod,
  acquisitionPeriods,
  addYears,
  daysBetween,
  entitlementDays,
} from "./acquisition";
export {
  type BalanceInput,
  type PeriodBalance,
  periodFor,
  type VacationBalance,
  type VacationRecord,
  vacationBalance,
} from "./balance";
export { isHrDesk } from "./hr-desk";
export {
  type NoticeCode,
  type Problem,
  type ProblemCode,
  type RefusalCode,
  timeOffMessages,
} from "./messages";
export {
  ABONO_DEADLINE_DAYS,
  abonoDeadline,
  checkVacation,
  isBusinessDay,
  LONG_SLICE_DAYS,
  MAX_SLICES,
  MIN_SLICE_DAYS,
  maxSoldDays,
  NOTICE_DAYS,
  PAYMENT_DAYS_BEFORE,
  startBreaksRestRule,
  type VacationCheck,
  type VacationCheckInput,
  type VacationSlice,
  vacationPaymentDate,
} from "./vacation-rules";
