import {
  ColumnNode,
  DataTypeNode,
  OperationNodeTransformer,
  RawNode,
  type ColumnDefinitionNode,
  type CreateIndexNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** The column types the migrations name, as PostgreSQL must declare them to behave as SQLite's. */
const POSTGRES_TYPES: Readonly<Record<string, string>> = {
  // SQLite's real is 8 bytes; PostgreSQL's is 4 (about 7 digits: a longitude loses metres).
  real: 'double precision',
  // SQLite compares and sorts text byte by byte (BINARY); the "C" collation does the same, so a
  // list sorted by name answers in the same order on both engines whatever the server's locale.
  text: 'text collate "C"',
};

const NULLS_FIRST = RawNode.createWithSql(' nulls first');

class SchemaTranslation extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const transformed = super.transformColumnDefinition(node);
    const type = DataTypeNode.is(node.dataType)
      ? POSTGRES_TYPES[node.dataType.dataType]
      : undefined;
    return type === undefined
      ? transformed
      : { ...transformed, dataType: RawNode.createWithSql(type) };
  }

  // SQLite sorts NULL first going up and last going down; PostgreSQL the other way round. Lists
  // ask PostgreSQL for SQLite's order (engine/ordering.ts), and an index built NULLS FIRST reads
  // in exactly that order both ways, so the lists' indexes still serve their orders.
  protected override transformCreateIndex(node: CreateIndexNode): CreateIndexNode {
    const transformed = super.transformCreateIndex(node);
    const columns = transformed.columns?.map((column: OperationNode) =>
      ColumnNode.is(column) ? RawNode.createWithChildren([column, NULLS_FIRST]) : column,
    );
    return columns === undefined ? transformed : { ...transformed, columns };
  }
}

/**
 * A plugin for the PostgreSQL connection: the migrations declare columns and indexes once, in
 * SQLite's terms, and it declares them on PostgreSQL so that they behave alike: POSTGRES_TYPES
 * for column types, and indexes that hold NULLs first.
 */
export class PostgresSchemaTranslation implements KyselyPlugin {
  readonly #transformer = new SchemaTranslation();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
