/**
 * TensorFlow.js's chained tensor methods (`x.add(y)`, `x.as3D(...)`) for face-api's Node build.
 *
 * tfjs-core adds them to its Tensor class only from its ES module build; its CommonJS build (what Node
 * loads) leaves that to the '@tensorflow/tfjs' umbrella package, which we do not install (see
 * face-api-node.ts). The names are those face-api 1.7.15's Node build calls as methods that tfjs
 * chains (some of them are namespace calls, `tf.add(...)`, and cost nothing here); each does what
 * tfjs's own chained method does.
 */

type Op = (...args: unknown[]) => unknown;
interface TensorLike {
  size: number;
}

/** Chained methods that are the op with the tensor as its first argument. */
const OPS_ON_THIS = [
  'abs',
  'add',
  'all',
  'asin',
  'atan',
  'batchNorm',
  'cast',
  'clipByValue',
  'conv2d',
  'div',
  'exp',
  'expandDims',
  'floor',
  'isNaN',
  'log',
  'matMul',
  'max',
  'mean',
  'min',
  'mul',
  'pad',
  'relu',
  'reshape',
  'reverse',
  'round',
  'sigmoid',
  'slice',
  'softmax',
  'split',
  'sqrt',
  'sub',
  'tile',
  'transpose',
  'unstack',
] as const;

export function registerChainedOps(tf: object): void {
  const ops = tf as Record<string, Op>;
  const prototype = (tf as { Tensor: { prototype: Record<string, unknown> } }).Tensor.prototype;
  const define = (name: string, method: (this: TensorLike, ...args: unknown[]) => unknown) => {
    // A tfjs that already chains (its umbrella package loaded first) keeps its own methods.
    if (!(name in prototype)) prototype[name] = method;
  };
  for (const name of OPS_ON_THIS) {
    const op = ops[name];
    if (typeof op !== 'function') throw new Error(`tfjs-core has no op '${name}'`);
    define(name, function (...args) {
      return op(this, ...args);
    });
  }
  const reshape = ops['reshape']!;
  define('as1D', function () {
    return reshape(this, [this.size]);
  });
  for (const [name, rank] of [
    ['as2D', 2],
    ['as3D', 3],
    ['as4D', 4],
  ] as const)
    define(name, function (...shape) {
      return reshape(this, shape.slice(0, rank));
    });
  define('toInt', function () {
    return ops['cast']!(this, 'int32');
  });
  for (const name of ['concat', 'stack'])
    define(name, function (others, axis) {
      return ops[name]!([this, ...(Array.isArray(others) ? others : [others])], axis);
    });
}
