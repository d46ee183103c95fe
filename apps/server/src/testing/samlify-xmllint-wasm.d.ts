/** The SAML schema validator the test service providers give samlify (the package ships no types). */
declare module '@authenio/samlify-xmllint-wasm' {
  const validator: { validate(xml: string): Promise<string> };
  export default validator;
}
