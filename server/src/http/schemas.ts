/** The params of a route that names one record by its uuid, such as DELETE /guards/:uuid. */
export const uuidParams = {
  type: 'object',
  required: ['uuid'],
  properties: { uuid: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
