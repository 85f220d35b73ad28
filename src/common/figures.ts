/**
 * GENERATED from content/figures.yaml by `npm run content:generate`: edit the ledger, not this file
 * (a test fails when the two differ). Code that states a dated figure (the worksheets) uses these.
 */
export const FIGURES = {
  "401k-elective-deferral-limit": { value: 23500, format: "usd", year: 2025, source: "IRS, Notice 2024-80" },
  "billing-error-notice-days": { value: 60, format: "number", year: 2025, source: "CFPB, Regulation Z (Truth in Lending), 12 CFR 1026.13(b); Fair Credit Billing Act, 15 U.S.C. 1666" },
  "cooling-off-rule-days": { value: 3, format: "number", year: 2025, source: "FTC, Rule Concerning Cooling-Off Period for Sales Made at Homes or at Certain Other Locations, 16 CFR Part 429" },
  "credit-card-liability-cap": { value: 50, format: "usd", year: 2025, source: "CFPB, Regulation Z (Truth in Lending), 12 CFR 1026.12(b)" },
  "credit-score-max": { value: 850, format: "number", year: 2025, source: "FICO, Understanding FICO Scores (myFICO); VantageScore Solutions, VantageScore 4.0 model" },
  "credit-score-min": { value: 300, format: "number", year: 2025, source: "FICO, Understanding FICO Scores (myFICO); VantageScore Solutions, VantageScore 4.0 model" },
  "debit-card-liability-prompt": { value: 50, format: "usd", year: 2025, source: "CFPB, Regulation E (Electronic Fund Transfers), 12 CFR 1005.6(b)" },
  "direct-loan-limit-dependent-first-year": { value: 5500, format: "usd", year: 2025, source: "US Department of Education, 2025-26 Federal Student Aid Handbook, Volume 8 (Direct Loan annual limits, 34 CFR 685.203)" },
  "direct-loan-limit-subsidized-first-year": { value: 3500, format: "usd", year: 2025, source: "US Department of Education, 2025-26 Federal Student Aid Handbook, Volume 8 (Direct Loan annual limits, 34 CFR 685.203)" },
  "direct-loan-rate-undergrad": { value: 6.39, format: "percent", year: 2025, source: "US Department of Education, Federal Student Aid, Interest Rates for Direct Loans First Disbursed on or After July 1, 2025 (rate set by 20 U.S.C. 1087e(b)(8))" },
  "early-withdrawal-penalty-rate": { value: 10, format: "percent", year: 2025, source: "Internal Revenue Code section 72(t); IRS Topic No. 558, Additional tax on early distributions from retirement plans other than IRAs" },
  "fdic-insurance-limit": { value: 250000, format: "usd", year: 2025, source: "FDIC, 12 CFR Part 330; made permanent by the Dodd-Frank Act (2010)" },
  "federal-minimum-wage": { value: 7.25, format: "usd", year: 2025, source: "US Department of Labor, Fair Labor Standards Act, 29 U.S.C. 206 (in force since July 24, 2009)" },
  "fica-rate": { value: 7.65, format: "percent", year: 2025, source: "IRS Publication 15 (Circular E), 2025" },
  "ira-contribution-limit": { value: 7000, format: "usd", year: 2025, source: "IRS, Notice 2024-80" },
  "long-term-capital-gains-rate-middle": { value: 15, format: "percent", year: 2025, source: "Internal Revenue Code section 1(h); IRS Topic No. 409, Capital gains and losses" },
  "long-term-capital-gains-zero-rate-top-single": { value: 48350, format: "usd", year: 2025, source: "IRS, Rev. Proc. 2024-40, section 3.03 (maximum capital gains rate)" },
  "medicare-rate": { value: 1.45, format: "percent", year: 2025, source: "Internal Revenue Code section 3101(b); IRS Publication 15 (Circular E), 2025" },
  "ncua-insurance-limit": { value: 250000, format: "usd", year: 2025, source: "NCUA, 12 CFR Part 745" },
  "overtime-multiplier": { value: 1.5, format: "number", year: 2025, source: "US Department of Labor, Fair Labor Standards Act, 29 U.S.C. 207" },
  "retirement-withdrawal-age": { value: 59.5, format: "number", year: 2025, source: "Internal Revenue Code section 72(t)(2)(A)(i); IRS Topic No. 558" },
  "self-employment-filing-threshold": { value: 400, format: "usd", year: 2025, source: "IRS, Schedule SE (Form 1040) instructions, 2025" },
  "self-employment-tax-rate": { value: 15.3, format: "percent", year: 2025, source: "IRS, Schedule SE (Form 1040) instructions, 2025" },
  "social-security-rate": { value: 6.2, format: "percent", year: 2025, source: "Internal Revenue Code section 3101(a); IRS Publication 15 (Circular E), 2025" },
  "social-security-wage-base": { value: 176100, format: "usd", year: 2025, source: "Social Security Administration, 2025 Social Security Changes fact sheet" },
  "standard-deduction-single": { value: 15750, format: "usd", year: 2025, source: "IRS, Form 1040 instructions for 2025; set by Public Law 119-21 (2025), which raised the $15,000 of IRS Rev. Proc. 2024-40" },
  "tax-bracket-10-top-single": { value: 11925, format: "usd", year: 2025, source: "IRS, Rev. Proc. 2024-40, section 3.01 (table 3)" },
  "tax-bracket-12-top-single": { value: 48475, format: "usd", year: 2025, source: "IRS, Rev. Proc. 2024-40, section 3.01 (table 3)" },
} as const;
