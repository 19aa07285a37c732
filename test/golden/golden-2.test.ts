// Golden cases, shard 2 of golden-cases.ts's SHARDS (see there).
import { goldenShard } from "./golden-cases.js";

goldenShard(2);
