/** The facts an invoice lacks, collected so that one 422 `invoice_incomplete` names them all. */
import { AppError } from '../../core/errors.js';
import { jsonPath, type Finding } from '../../core/findings.js';

export class MissingFacts {
  readonly findings: Finding[] = [];

  /** `name` is the fact's field (`charges.carriage`), its finding's path the JSON path (`$.charges.carriage`). `code` is `missing` for a fact nobody gave, `mismatch` for one given that names another company. */
  add(name: string, why: string, code: 'missing' | 'mismatch' = 'missing'): void {
    this.findings.push({ path: jsonPath(name), code, message: why });
  }

  /** Raises `invoice_incomplete` naming every fact added so far, if any. */
  check(): void {
    if (this.findings.length === 0) return;
    const names = this.findings.map((f) => `${f.path.slice(2)} (${f.message})`).join('; ');
    throw new AppError('invoice_incomplete', `The invoice needs: ${names}.`, { errors: this.findings });
  }
}
