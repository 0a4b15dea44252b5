import { describe, expect, it } from 'vitest';
import { runTool } from './tools';

describe('runTool', () => {
  it('returns the output of a tool that succeeds', async () => {
    expect((await runTool('sh', ['-c', 'echo hotovo'], 'Zkouška')).stdout).toBe('hotovo\n');
  });

  it('names the failed step in a Czech sentence that fits any step noun, with the tool’s last words', async () => {
    await expect(runTool('sh', ['-c', 'echo "disk je plný" >&2; exit 3'], 'Zápis archivu')).rejects.toThrow('Krok „Zápis archivu“ se nepodařil (sh kód 3): disk je plný');
    await expect(runTool('sh', ['-c', 'exit 1'], 'Obnova z repozitáře')).rejects.toThrow('Krok „Obnova z repozitáře“ se nepodařil (sh kód 1)');
  });

  it('says so when the tool is not installed', async () => {
    await expect(runTool('neexistujici-nastroj-xyz', [], 'Zápis archivu')).rejects.toThrow('Zápis archivu: program neexistujici-nastroj-xyz nelze spustit');
  });
});
