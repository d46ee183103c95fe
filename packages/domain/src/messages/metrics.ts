export const metricsMessages = {
  operatorTokenRequired: 'The metrics are for the operator: send the METRICS_TOKEN setting as a bearer token.',
} as const;
