import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A synthetic api project with `tables` tables in desc/sql (MySQL DDL, ten per file). */
export function writeModelProject(dir: string, tables: number): void {
  mkdirSync(join(dir, "desc/sql"), { recursive: true });
  mkdirSync(join(dir, "desc/api"), { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), "name: bench\nmodule: example.com/bench\nframe: api\n");
  for (let f = 0; f * 10 < tables; f++) {
    const out: string[] = [];
    for (let t = f * 10; t < Math.min(tables, f * 10 + 10); t++) {
      out.push(
        `CREATE TABLE \`t${t}\` (`,
        "  `id` bigint unsigned NOT NULL AUTO_INCREMENT,",
        "  `code` varchar(64) NOT NULL,",
        "  `tenant` int NOT NULL,",
        "  `title` varchar(255) DEFAULT NULL COMMENT 'display title',",
        "  `price` decimal(10,2) NOT NULL DEFAULT '0.00',",
        "  `meta` json DEFAULT NULL,",
        "  `created_at` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,",
        "  PRIMARY KEY (`id`),",
        "  UNIQUE KEY `uk_code` (`code`),",
        "  UNIQUE KEY `uk_tenant_title` (`tenant`, `title`),",
        "  KEY `idx_created` (`created_at`)",
        ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;",
        "",
      );
    }
    writeFileSync(join(dir, "desc/sql", `tables${f}.sql`), out.join("\n"));
  }
}
