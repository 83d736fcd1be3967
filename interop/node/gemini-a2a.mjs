// Starts Google's gemini-cli A2A server (@google/gemini-cli-a2a-server) on
// loopback for parley's interop tests. Its own entry point listens on
// every interface and lets gemini-cli-core send usage statistics to
// Google; this one listens on 127.0.0.1 only, on a free port it prints as
// "LISTENING <port>", and turns usage statistics off. The model is
// whatever GOOGLE_GEMINI_BASE_URL points at: the tests' fake Gemini API.
import { Config } from '@google/gemini-cli-core';
import { createApp, updateCoderAgentCardUrl } from './node_modules/@google/gemini-cli-a2a-server/dist/src/http/app.js';

for (const name of ['GOOGLE_GEMINI_BASE_URL', 'GEMINI_API_KEY', 'CODER_AGENT_WORKSPACE_PATH']) {
	if (!process.env[name]) {
		console.error(`gemini-a2a: ${name} is not set`);
		process.exit(2);
	}
}
const base = new URL(process.env.GOOGLE_GEMINI_BASE_URL);
if (!['127.0.0.1', '[::1]', 'localhost'].includes(base.hostname)) {
	console.error('gemini-a2a: GOOGLE_GEMINI_BASE_URL must be on loopback');
	process.exit(2);
}
Config.prototype.getUsageStatisticsEnabled = () => false;

const app = await createApp();
const server = app.listen(0, '127.0.0.1', () => {
	const { port } = server.address();
	updateCoderAgentCardUrl(port);
	console.log(`LISTENING ${port}`);
});
