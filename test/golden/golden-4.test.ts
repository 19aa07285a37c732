// Golden cases, shard 4 of golden-cases.ts's SHARDS (see there).
import { goldenShard } from "./golden-cases.js";

goldenShard(4);
