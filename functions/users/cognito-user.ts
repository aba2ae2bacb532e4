/** Reading a Cognito user's attributes (AdminGetUser answers them as a Name/Value list). */
export type CognitoAttributes = { Name?: string; Value?: string }[] | undefined;

export const attributeOf = (attributes: CognitoAttributes, name: string): string | undefined =>
  attributes?.find((a) => a.Name === name)?.Value;
