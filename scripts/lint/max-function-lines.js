/**
 * `vitrine/max-function-lines`: a function's own code is at most `max` lines. Own code is the lines
 * holding a token of the function (comments and blank lines do not count) less those of the functions
 * nested in it, which are measured on their own: a query factory that returns twenty short methods is
 * twenty short functions and a short factory, while one long method or callback is what the limit
 * catches, wherever it sits.
 */

const FUNCTIONS = ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'];

/** The function's name, its property's or its variable's, for the message. */
function nameOf(node) {
  const name =
    node.id?.name ??
    node.parent?.key?.name ??
    (node.parent?.type === 'VariableDeclarator' ? node.parent.id.name : undefined);
  return name ? `'${name}'` : 'A function';
}

/** @type {import('eslint').Rule.RuleModule} */
export const maxFunctionLines = {
  meta: {
    type: 'suggestion',
    docs: { description: "Limit the lines of a function's own code (nested functions count on their own)." },
    schema: [
      {
        type: 'object',
        properties: { max: { type: 'integer', minimum: 1 } },
        required: ['max'],
        additionalProperties: false,
      },
    ],
    messages: {
      tooLong: '{{name}} has {{lines}} lines of its own code (maximum {{max}}): split it into named parts.',
    },
  },
  create(context) {
    const { max } = context.options[0];
    const sourceCode = context.sourceCode;
    /** The functions being walked, innermost last, each with the lines its nested functions cover. */
    const stack = [];
    const enter = () => stack.push(new Set());
    const exit = (node) => {
      const nestedLines = stack.pop();
      const own = new Set();
      for (const token of sourceCode.getTokens(node)) {
        for (let line = token.loc.start.line; line <= token.loc.end.line; line++) {
          if (!nestedLines.has(line)) own.add(line);
        }
      }
      // The first line declares the function, so it stays in the enclosing one's count too.
      const parent = stack.at(-1);
      if (parent) for (let line = node.loc.start.line + 1; line <= node.loc.end.line; line++) parent.add(line);
      if (own.size > max)
        context.report({
          node,
          loc: node.loc.start,
          messageId: 'tooLong',
          data: { name: nameOf(node), lines: own.size, max },
        });
    };
    return Object.fromEntries(
      FUNCTIONS.flatMap((type) => [
        [type, enter],
        [`${type}:exit`, exit],
      ]),
    );
  },
};
