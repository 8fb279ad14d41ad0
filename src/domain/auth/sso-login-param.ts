/*
 * /login's query parameter that says why an SSO sign-in was refused (docs/decisions/052), apart
 * from the refusals' messages (sso-refusals.ts): /login reads the parameter on every visit and
 * downloads the messages only when it is there (docs/decisions/025).
 */
export const SSO_LOGIN_PARAM = "sso";
