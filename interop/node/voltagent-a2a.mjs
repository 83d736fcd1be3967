// Starts a VoltAgent agent behind its A2A server (@voltagent/a2a-server
// with @voltagent/server-hono's routes) on loopback for parley's interop
// tests. VoltAgent's own server provider probes ports on 0.0.0.0 and
// listens there; this one serves the same app on 127.0.0.1 only, on
// VOLTAGENT_PORT. The model is an OpenAI-compatible API at
// FAKE_OPENAI_URL: the tests' fake model.
// NODE_ENV=production keeps @voltagent/core from refreshing its model
// registry from models.dev when it loads: no call leaves loopback.
process.env.NODE_ENV = 'production';
const { Agent, VoltAgent } = await import('@voltagent/core');
const { A2AServer } = await import('@voltagent/a2a-server');
const { createVoltAgentApp } = await import('@voltagent/server-hono');
const { serve } = await import('@hono/node-server');
const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');

const port = Number(process.env.VOLTAGENT_PORT);
const modelURL = process.env.FAKE_OPENAI_URL ?? '';
if (!port || !/^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)[:/]/.test(modelURL)) {
	console.error('voltagent-a2a: set VOLTAGENT_PORT and FAKE_OPENAI_URL (on loopback)');
	process.exit(2);
}
const provider = createOpenAICompatible({ name: 'fake', baseURL: modelURL, apiKey: 'not-a-key' });
const agent = new Agent({
	id: 'helper',
	name: 'helper',
	purpose: 'Answers questions for parley interop tests',
	instructions: 'You are a helpful assistant.',
	model: provider.chatModel('fake-model'),
});
const a2a = new A2AServer({ id: 'helper', name: 'helper', version: '0.1.0' });

let server;
new VoltAgent({
	agents: { helper: agent },
	a2aServers: { a2a },
	server: (deps) => ({
		async start() {
			const { app } = await createVoltAgentApp(deps, {}, port);
			await new Promise((resolve, reject) => {
				server = serve({ fetch: app.fetch.bind(app), port, hostname: '127.0.0.1' }, resolve);
				server.once('error', reject);
			});
			console.log(`LISTENING ${port}`);
			return { port };
		},
		async stop() {
			await new Promise((resolve) => server?.close(resolve));
			server = undefined;
		},
		isRunning() {
			return server !== undefined;
		},
	}),
});
