// Modules made by vite.config.ts.
declare module "virtual:form-enhancer-url" {
  /** The address of app/lib/form-enhancer.ts built on its own (a hashed file under /assets). */
  const url: string;
  export default url;
}
