/**
 * GENERATED from content/figures.yaml by `npm run content:generate`: edit the ledger, not this file
 * (a test fails when the two differ). Code that states a dated figure (the worksheets) uses these.
 */
export const FIGURES = {
  "401k-elective-deferral-limit": { value: 23500, format: "usd", year: 2025, source: "IRS, Notice 2024-80" },
  "credit-card-liability-cap": { value: 50, format: "usd", year: 2025, source: "CFPB, Regulation Z (Truth in Lending), 12 CFR 1026.12(b)" },
  "credit-score-max": { value: 850, format: "number", year: 2025, source: "FICO, Understanding FICO Scores (myFICO); VantageScore Solutions, VantageScore 4.0 model" },
  "credit-score-min": { value: 300, format: "number", year: 2025, source: "FICO, Understanding FICO Scores (myFICO); VantageScore Solutions, VantageScore 4.0 model" },
  "debit-card-liability-prompt": { value: 50, format: "usd", year: 2025, source: "CFPB, Regulation E (Electronic Fund Transfers), 12 CFR 1005.6(b)" },
  "fdic-insurance-limit": { value: 250000, format: "usd", year: 2025, source: "FDIC, 12 CFR Part 330; made permanent by the Dodd-Frank Act (2010)" },
  "federal-minimum-wage": { value: 7.25, format: "usd", year: 2025, source: "US Department of Labor, Fair Labor Standards Act, 29 U.S.C. 206 (in force since July 24, 2009)" },
  "fica-rate": { value: 7.65, format: "percent", year: 2025, source: "IRS Publication 15 (Circular E), 2025" },
  "fico-weight-amounts-owed": { value: 30, format: "percent", year: 2026, source: "myFICO, What's in my FICO Scores" },
  "fico-weight-credit-mix": { value: 10, format: "percent", year: 2026, source: "myFICO, What's in my FICO Scores" },
  "fico-weight-length-of-history": { value: 15, format: "percent", year: 2026, source: "myFICO, What's in my FICO Scores" },
  "fico-weight-new-credit": { value: 10, format: "percent", year: 2026, source: "myFICO, What's in my FICO Scores" },
  "fico-weight-payment-history": { value: 35, format: "percent", year: 2026, source: "myFICO, What's in my FICO Scores" },
  "ira-contribution-limit": { value: 7000, format: "usd", year: 2025, source: "IRS, Notice 2024-80" },
  "medicare-rate": { value: 1.45, format: "percent", year: 2025, source: "Internal Revenue Code section 3101(b); IRS Publication 15 (Circular E), 2025" },
  "ncua-insurance-limit": { value: 250000, format: "usd", year: 2025, source: "NCUA, 12 CFR Part 745" },
  "overtime-multiplier": { value: 1.5, format: "number", year: 2025, source: "US Department of Labor, Fair Labor Standards Act, 29 U.S.C. 207" },
  "self-employment-filing-threshold": { value: 400, format: "usd", year: 2025, source: "IRS, Schedule SE (Form 1040) instructions, 2025" },
  "self-employment-tax-rate": { value: 15.3, format: "percent", year: 2025, source: "IRS, Schedule SE (Form 1040) instructions, 2025" },
  "social-security-rate": { value: 6.2, format: "percent", year: 2025, source: "Internal Revenue Code section 3101(a); IRS Publication 15 (Circular E), 2025" },
  "social-security-wage-base": { value: 176100, format: "usd", year: 2025, source: "Social Security Administration, 2025 Social Security Changes fact sheet" },
  "standard-deduction-single": { value: 15750, format: "usd", year: 2025, source: "IRS, Form 1040 instructions for 2025; set by Public Law 119-21 (2025), which raised the $15,000 of IRS Rev. Proc. 2024-40" },
  "tax-bracket-10-top-single": { value: 11925, format: "usd", year: 2025, source: "IRS, Rev. Proc. 2024-40, section 3.01 (table 3)" },
  "tax-bracket-12-top-single": { value: 48475, format: "usd", year: 2025, source: "IRS, Rev. Proc. 2024-40, section 3.01 (table 3)" },
} as const;
