import { resolveMediaTools } from '../../apps/server/src/platform/media/media-tools';

// The same search as the server's: the system's ffmpeg, else the one in the npm package.
const tools = resolveMediaTools({ searchPath: process.env.PATH });

function requireTool(name: 'ffmpeg' | 'ffprobe'): string {
  const tool = tools[name];
  if (!tool) throw new Error(`The browser tests need ${name}: none was found.`);
  return tool.path;
}

export const FFMPEG = requireTool('ffmpeg');
export const FFPROBE = requireTool('ffprobe');
