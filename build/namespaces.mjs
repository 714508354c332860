// esbuild gives every module whose exports are reached by name (a dynamic import, a face's registry entry) a
// namespace object, built as its file loads: `var x_exports={};__export(x_exports,{a:()=>a,...});`, one
// closure and one property definition an export. main.cjs has over a hundred of them, and a one-shot reads
// almost none (docs/performance.md, tenth start-up round). Each such statement is rewritten in place, to the
// same length so that the source maps stay true, into a namespace built when it is first read.

/**
 * The helper the rewritten statements call, put in each file's banner: a proxy over the namespace object
 * that fills it with esbuild's own `__export` the first time anything looks at it. The proxy's target is
 * that object, so every invariant holds. One handler serves every namespace (the makers wait in a map by
 * target): a namespace costs its object, its proxy and its maker.
 */
export const LAZY_NAMESPACE = 'const __bmNsMakers=new Map(),__bmNsFill=(t)=>{const m=__bmNsMakers.get(t);if(m){__bmNsMakers.delete(t);__export(t,m())}return t},'
  + '__bmNsHandler={get:(t,k,r)=>Reflect.get(__bmNsFill(t),k,r),has:(t,k)=>Reflect.has(__bmNsFill(t),k),ownKeys:(t)=>Reflect.ownKeys(__bmNsFill(t)),'
  + 'getOwnPropertyDescriptor:(t,k)=>Reflect.getOwnPropertyDescriptor(__bmNsFill(t),k)},'
  + '__bmNs=(make)=>{const o={};__bmNsMakers.set(o,make);return new Proxy(o,__bmNsHandler)};';

/** esbuild's namespace statement, whitespace minified (the CLI's builds). */
const EAGER = /var (\w+)=\{\};__export\(\1,\{([^{}]*)\}\);/g;

/** `text` with every namespace made lazy, each statement padded to its old length; `count`: how many. */
export function lazyNamespaces(text) {
  let count = 0;
  const out = text.replace(EAGER, (statement, name, exports) => {
    count++;
    const lazy = `var ${name}=__bmNs(()=>({${exports}}));`;
    return lazy.padEnd(statement.length, ' ');
  });
  return { text: out, count };
}
