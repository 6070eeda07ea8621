/** What MongoStore asks of each collection module besides its part of the port. */
export interface MongoCollections {
  /** Creates the indexes the contract relies on (uniqueness, claim order), for the modules that have any. */
  createIndexes?(): Promise<unknown>;
  /** Test support: empties the module's collections. */
  clear(): Promise<unknown>;
}
