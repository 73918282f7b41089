/**
 * Turns the API's OpenAPI document into the client's TypeScript types with
 * openapi-typescript. The repository's `npm run client:generate` calls it
 * with the document the server generates; a test fails if the committed
 * types differ from a fresh run.
 */
import openapiTS, { astToString } from "openapi-typescript";

const HEADER = `/**
 * Generated from the Cannabis Legal Status API's OpenAPI document by
 * openapi-typescript. Do not edit: run \`npm run client:generate\` in the
 * repository instead.
 */
`;

export async function generateTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as never, { alphabetize: false });
  return `${HEADER}${astToString(ast)}`;
}
