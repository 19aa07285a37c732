// Golden cases, shard 3 of golden-cases.ts's SHARDS (see there).
import { goldenShard } from "./golden-cases.js";

goldenShard(3);
