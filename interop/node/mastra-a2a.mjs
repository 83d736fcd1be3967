// Starts a Mastra agent (@mastra/core, served by @mastra/hono's routes,
// A2A among them) on loopback for parley's interop tests, on
// MASTRA_PORT. The model is the AI SDK's mock (ai/test): no call leaves
// the process. What it does, by the user's last words:
//   - "refund": calls the refund tool, which needs approval
//     (requireApproval): the task waits, input-required, with the call
//     as data; approved, the tool runs and the model says so;
//   - anything else: streams "Mastra echo: <words>" word by word.
process.env.NODE_ENV = 'production';
process.env.MASTRA_TELEMETRY_DISABLED = '1';
const { Mastra } = await import('@mastra/core/mastra');
const { Agent } = await import('@mastra/core/agent');
const { createTool } = await import('@mastra/core/tools');
const { MastraServer } = await import("@mastra/hono");
const { InMemoryTaskStore } = await import("@mastra/server/a2a/store");
const { Hono } = await import('hono');
const { serve } = await import('@hono/node-server');
const { MockLanguageModelV3 } = await import('ai/test');
const { simulateReadableStream } = await import('ai');
const { z } = await import('zod');

const port = Number(process.env.MASTRA_PORT);
if (!port) {
	console.error('mastra-a2a: set MASTRA_PORT');
	process.exit(2);
}

const usage = {
	inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
	outputTokens: { total: 1, text: 1, reasoning: 0 },
};

// lastTurn is the text of the prompt's last user message, and the tool
// result that follows it, if any.
function lastTurn(prompt) {
	let text = '';
	let tool;
	for (const m of prompt) {
		if (m.role === 'user') {
			text = m.content.filter((p) => p.type === 'text').map((p) => p.text).join('');
			tool = undefined;
		}
		if (m.role === 'tool') {
			tool = m.content.find((p) => p.type === 'tool-result');
		}
	}
	return { text, tool };
}

function textChunks(text) {
	const words = text.split(/(?<= )/);
	return [
		{ type: 'stream-start', warnings: [] },
		{ type: 'text-start', id: 't1' },
		...words.map((w) => ({ type: 'text-delta', id: 't1', delta: w })),
		{ type: 'text-end', id: 't1' },
		{ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
	];
}

const model = new MockLanguageModelV3({
	doStream: async ({ prompt }) => {
		const { text, tool } = lastTurn(prompt);
		let chunks;
		if (tool) {
			const out = tool.output?.value ?? tool.output;
			chunks = textChunks(`Refund tool said: ${JSON.stringify(out)}.`);
		} else if (/refund/i.test(text)) {
			chunks = [
				{ type: 'stream-start', warnings: [] },
				{ type: 'tool-call', toolCallId: 'call-1', toolName: 'refund', input: JSON.stringify({ order: 42, amount: 30 }) },
				{ type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
			];
		} else {
			chunks = textChunks(`Mastra echo: ${text}`);
		}
		return { stream: simulateReadableStream({ chunks, chunkDelayInMs: 5 }) };
	},
});

const refund = createTool({
	id: 'refund',
	description: 'Refunds an order.',
	inputSchema: z.object({ order: z.number(), amount: z.number() }),
	requireApproval: true,
	execute: async (input) => ({ refunded: input.order ?? input.context?.order, amount: input.amount ?? input.context?.amount }),
});

const helper = new Agent({
	id: 'helper',
	name: 'helper',
	description: 'Answers questions for parley interop tests',
	instructions: 'You are a helpful assistant.',
	model,
	tools: { refund },
});

const mastra = new Mastra({ agents: { helper }, logger: false });
const app = new Hono();
const server = new MastraServer({ app, mastra, taskStore: new InMemoryTaskStore() });
await server.init();
const s = serve({ fetch: app.fetch.bind(app), port, hostname: '127.0.0.1' }, () => {
	console.log(`LISTENING ${port}`);
});
s.once('error', (e) => {
	console.error(e);
	process.exit(1);
});
