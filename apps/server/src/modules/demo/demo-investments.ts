import {
  cashRequestBody,
  feeScheduleBody,
  firmFeeScheduleBody,
  firmModelBody,
  investmentModelBody,
  investmentStrategyBody,
} from '@portal/domain';
import type { AppDeps } from '../../platform/context.js';
import { accountByEmail } from '../accounts/accounts.service.js';
import {
  feeSchedules,
  firmFeeSchedules,
  firmModels,
  investmentModels,
} from '../investment-catalogues/investment-catalogues.service.js';
import { cashRequests, investmentStrategies } from '../investment-requests/investment-requests.service.js';
import { actingAs } from './acting.js';

const userOf = async (deps: AppDeps, email: string) => {
  const user = await accountByEmail(deps.db, email);
  if (!user) throw new Error(`${email} is missing`);
  return user;
};

const page = { page: 1, page_size: 50 };

/**
 * The investments area of the demo, through the same services as the API: the investment department
 * (invest@) keeps three models and two fee schedules of Demo Wealth Advisors and offers them to the
 * firm; the advisor (advisor@) has filed two strategies for their client (one Submitted, one the
 * department has taken In Progress) and a cash request. A second run finds them and adds nothing.
 */
export async function seedDemoInvestments(deps: AppDeps) {
  const investments = await actingAs(deps, (await userOf(deps, 'invest@demo.test')).id);
  const firm = investments.actor.profile._firm as number;
  const existing = await investmentModels.list(investments, { ...page, ordering: 'name' });
  if (existing.count > 0) return;

  const models: Record<string, number> = {};
  for (const name of ['Balanced Growth', 'Income Focus', 'Aggressive Growth']) {
    const model = await investmentModels.create(investments, investmentModelBody.parse({ name }));
    await firmModels.create(investments, firmModelBody.parse({ firm, investment_model: model.id }));
    models[name] = model.id;
  }
  const fees: Record<string, number> = {};
  for (const name of ['Tiered 1%', 'Flat 0.75%']) {
    const fee = await feeSchedules.create(investments, feeScheduleBody.parse({ name }));
    await firmFeeSchedules.create(investments, firmFeeScheduleBody.parse({ firm, fee_schedule: fee.id }));
    fees[name] = fee.id;
  }

  const advisor = await actingAs(deps, (await userOf(deps, 'advisor@demo.test')).id);
  const client = await userOf(deps, 'client@demo.test');
  const clientFields = {
    ESWA_Portal_Owner_ID__c: client.id,
    Client_Name__c: 'Chris Client',
    Client_Street__c: '12 Harbor Lane',
    Client_City__c: 'Springfield',
    Client_State__c: 'Illinois',
    Client_Zip_Code__c: '62701',
    Client_Email__c: client.email,
    Advisor__c: 'Avery Advisor',
    Relationship_Name__c: 'Client Household',
    Custodian__c: 'Schwab',
  };
  const rollover = await investmentStrategies.create(
    advisor,
    investmentStrategyBody.parse({
      ...clientFields,
      Financial_Account_Name__c: 'Chris Client Rollover IRA',
      Custodian_Account_Number__c: '4417-2290',
      Account_Master_Code__c: 'CC-IRA',
      Fee_Schedule__c: fees['Tiered 1%'],
      Fee_Minimum__c: '250.00',
      Investment_Model__c: models['Balanced Growth'],
      Trading_Authority__c: 'Investment Department',
      Cash_Target_Percentage__c: '2',
      Is_Cash_Distributions__c: true,
      Amount__c: '1500.00',
      Cash_Management_Frequency__c: 'Monthly',
      Has_Received_Form_ADV_And_Privacy_Policy__c: true,
      Has_Signed_New_Or_Updated_IPS__c: true,
    }),
  );
  await investmentStrategies.create(
    advisor,
    investmentStrategyBody.parse({
      ...clientFields,
      Financial_Account_Name__c: 'Chris Client Brokerage',
      Custodian_Account_Number__c: '5583-1007',
      Account_Master_Code__c: 'CC-BRK',
      Fee_Schedule__c: fees['Flat 0.75%'],
      Fee_Minimum__c: 0,
      Investment_Model__c: models['Income Focus'],
      Trading_Authority__c: 'Advisor',
      Cash_Target_Dollars__c: '5000',
    }),
  );
  await investmentStrategies.move(investments, rollover.Id, { status: 'In Progress', reason: null });
  await cashRequests.create(
    advisor,
    cashRequestBody.parse({
      ...clientFields,
      Financial_Account_Name__c: 'Chris Client Brokerage',
      Custodian_Account_Number__c: '5583-1007',
      Cash_Request_Type__c: 'Raise Cash',
      Amount__c: '12000.00',
      Cash_Request_Notes__c: 'Tuition payment due next month.',
    }),
  );
}
