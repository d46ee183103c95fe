import { describe, expect, it } from 'vitest';
import { investorProfileBody, nextInvestorProfileStatus } from './investor-profiles.js';

const complete = {
  IP_Relationship_Time_Horizon__c: '6-10 years',
  IP_Relationship_Withdrawal_Period__c: 'Over 20 years',
  IP_Percentage_Withdrawal__c: '1-4%',
  IP_Risk_Tolerance__c: 'Moderate (15%)',
  IP_Sources_of_Income__c: 'Stable',
  IP_Percent_of_Wealth__c: '25-50%',
  IP_Investment_Experience__c: 'Somewhat experienced',
  IP_Socially_Responsible_Investing__c: 'No',
  IP_Asset_Allocation__c: '60/40',
};
const problems = (body: unknown) => {
  const parsed = investorProfileBody.safeParse(body);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the Exhibit B investor profile as the form saves it', () => {
  it('is accepted with the nine answers', () => {
    expect(problems(complete)).toEqual({});
  });

  it("requires all nine with 'Please select an option'", () => {
    expect(problems({})).toEqual(Object.fromEntries(Object.keys(complete).map((k) => [k, 'Please select an option'])));
    expect(problems({ ...complete, IP_Risk_Tolerance__c: '' })).toEqual({
      IP_Risk_Tolerance__c: 'Please select an option',
    });
  });

  it('takes only the options the form lists for each question', () => {
    expect(problems({ ...complete, IP_Asset_Allocation__c: '65/35' })).toHaveProperty('IP_Asset_Allocation__c');
    expect(problems({ ...complete, IP_Risk_Tolerance__c: 'Moderate' })).toHaveProperty('IP_Risk_Tolerance__c');
  });

  it.each([
    [null, 'Submitted'],
    ['Submitted', 'Updated'],
    ['Updated', 'Submitted'],
  ] as const)('a save of a record with status %s leaves it %s', (current, next) => {
    expect(nextInvestorProfileStatus(current)).toBe(next);
  });
});
