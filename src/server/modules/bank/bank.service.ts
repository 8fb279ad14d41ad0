import type { SignedInContext } from "../../http/request-context";
import { findRemittanceFile, recentRemittances } from "./bank.queries";
import { type BankDeps, financeDesk } from "./bank-deps";
import { createBankReturns } from "./bank-return.service";
import { createPayingAccount } from "./paying-account.service";
import { createRemittances } from "./remittance.service";
import { createStatements } from "./statement.service";

/** How many remittances the page lists. */
const RECENT = 20;

/** Paying through the bank (docs/decisions/059): the account, the files out and back, the statement. */
export function createBankService(deps: BankDeps) {
  return {
    payingAccount: createPayingAccount(deps),
    remittances: createRemittances(deps),
    returns: createBankReturns(deps),
    statements: createStatements(deps),
    async list(context: SignedInContext) {
      financeDesk(context);
      return { remessas: await recentRemittances(deps.db, RECENT) };
    },
    async file(context: SignedInContext, id: string) {
      financeDesk(context);
      return findRemittanceFile(deps.db, id);
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;
